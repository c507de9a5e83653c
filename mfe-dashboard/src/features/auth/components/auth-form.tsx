import styled from 'styled-components';

/** The column every signed-out form of the dashboard uses. */
export const AuthForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export const AuthFormError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;
